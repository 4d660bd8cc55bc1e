//! The sides of a match: a [`Player`] (an in-process engine
//! configuration or an engine command, its limits, [`Clock`] and
//! [`Timeouts`]) and the engine it starts for a game ([`Side`]).

use std::time::Duration;

use crate::external::{EngineError, ExternalEngine, ExternalSpec, Timeouts};
use crate::nnue::Nets;
use crate::{Engine, Limits, SearchConfig, Variant};

/// A time control: a base time and an increment added after each move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time on the clock at the start of a game.
    pub base: Duration,
    /// Added after each move.
    pub inc: Duration,
}

/// What plays one side of a match.
#[derive(Clone, Debug)]
pub enum PlayerKind {
    /// An in-process [`Engine`] (a new one each game, one thread).
    Internal {
        /// The search configuration.
        config: SearchConfig,
        /// Transposition table size in MiB.
        hash_mib: usize,
        /// The networks of [`EvalKind::Net`](crate::EvalKind::Net).
        nets: Nets,
    },
    /// An engine command speaking our protocol (a new process each game).
    External(ExternalSpec),
}

/// One side of a match: who plays, and with which limits.
#[derive(Clone, Debug)]
pub struct Player {
    /// A short name for reports and records.
    pub name: String,
    /// The engine.
    pub kind: PlayerKind,
    /// The limits of every move (`depth`, `nodes`, `movetime`; the clock
    /// fields are filled in by the arbiter when there is a [`Clock`]).
    pub limits: Limits,
    /// A clock kept by the arbiter, if any.
    pub clock: Option<Clock>,
    /// How long the arbiter waits for an external engine; the margin is
    /// also the tolerance of the clock for both kinds of player.
    pub timeouts: Timeouts,
}

impl Player {
    /// An in-process player without a clock.
    #[cfg(test)]
    pub fn internal(name: &str, config: SearchConfig, limits: Limits, hash_mib: usize) -> Player {
        Player {
            name: name.to_owned(),
            kind: PlayerKind::Internal {
                config,
                hash_mib,
                nets: Nets::embedded(),
            },
            limits,
            clock: None,
            timeouts: Timeouts::default(),
        }
    }

    /// Starts this player's engine command once and ends it, to know at
    /// once that it can play `variant` (a match checks its players so
    /// before its first game, rather than forfeiting every game). An
    /// in-process player always can.
    pub fn try_start(&self, variant: Variant) -> Result<(), EngineError> {
        match &self.kind {
            PlayerKind::Internal { .. } => Ok(()),
            PlayerKind::External(spec) => {
                ExternalEngine::start(spec, variant, self.timeouts).map(drop)
            }
        }
    }

    /// An external engine without a clock, with the default timeouts.
    #[cfg(test)]
    pub fn external(name: &str, spec: ExternalSpec, limits: Limits) -> Player {
        Player {
            name: name.to_owned(),
            kind: PlayerKind::External(spec),
            limits,
            clock: None,
            timeouts: Timeouts::default(),
        }
    }
}

/// An engine during a game.
pub(super) enum Side {
    /// An in-process engine.
    Internal(Box<Engine>),
    /// A running engine command.
    External(Box<ExternalEngine>),
}

/// Starts the engine of `p` for a game of `variant`: a new in-process
/// engine, or the command (started, then told `ucinewgame`).
pub(super) fn start_side(p: &Player, variant: Variant) -> Result<Side, EngineError> {
    match &p.kind {
        PlayerKind::Internal {
            config,
            hash_mib,
            nets,
        } => {
            let engine = Engine::builder()
                .hash_mib(*hash_mib)
                .config(*config)
                .nets(nets.clone())
                .build();
            // Before the clock runs, as an outside engine does at `isready`.
            engine.prepare(variant);
            Ok(Side::Internal(Box::new(engine)))
        }
        PlayerKind::External(spec) => {
            let mut e = ExternalEngine::start(spec, variant, p.timeouts)?;
            e.new_game()?;
            Ok(Side::External(Box::new(e)))
        }
    }
}

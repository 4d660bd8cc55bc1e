//! The settings of a search ([`MctsConfig`]) and its errors.

use std::fmt;

use super::evaluator::DEFAULT_ROLLOUT_PLIES;

/// The settings of an [`Mcts`](super::Mcts) search; [`MctsConfig::default`]
/// gives AlphaZero's values for chess (800 simulations, Dirichlet noise
/// 0.3 mixed in at 25 %).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Simulations per [`run`](super::Mcts::run): at least 1.
    pub simulations: u32,
    /// Leaves gathered (with virtual loss) before each evaluator call: at
    /// least 1.
    pub batch: u32,
    /// The PUCT exploration constant: finite, at least 0.
    pub c_puct: f32,
    /// The Dirichlet noise's concentration: finite, above 0.
    pub dirichlet_alpha: f32,
    /// The share of noise mixed into the root's priors, 0 (no noise) to 1.
    pub dirichlet_fraction: f32,
    /// The temperature of [`choose`](super::Mcts::choose): 0 picks the
    /// most visited move, above 0 samples a move with probability
    /// proportional to `visits^(1 / temperature)`. Finite, at least 0.
    pub temperature: f32,
    /// The seed of the noise and of the choice (and of
    /// [`RolloutEvaluator`](super::RolloutEvaluator)s made from this
    /// configuration).
    pub seed: u64,
    /// A game longer than this many plies (counted from the position the
    /// search started from, moves played with
    /// [`play`](super::Mcts::play) included) is a draw; `None`: no cap.
    pub max_plies: Option<u32>,
    /// Plies of [`RolloutEvaluator`]'s random playout (for evaluators made
    /// from this configuration).
    ///
    /// [`RolloutEvaluator`]: super::RolloutEvaluator
    pub rollout_plies: u32,
    /// Whether the search proves wins and losses (the MCTS solver of
    /// Winands, Björnsson and Saito, 2008): a node with a move into a
    /// position lost for the opponent is won, one whose every move leads
    /// to a position won for the opponent is lost, and a proven node is
    /// then valued as an ending (the root excepted). A new leaf whose
    /// side to move has a move that wins at once (a mate or a stalemate
    /// in one) is proven won before it is evaluated, so that a forced win
    /// needs only the defences visited, not the winning replies among all
    /// the moves; a leaf whose side to move can draw at once (a royal
    /// into the opponent's citadel) is valued at least a draw. With it a forced mate a few moves deep is found for sure
    /// rather than by the evaluator's estimates. Off by default
    /// (AlphaZero's search).
    pub solver: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            simulations: 800,
            batch: 64,
            c_puct: 1.25,
            dirichlet_alpha: 0.3,
            dirichlet_fraction: 0.25,
            temperature: 1.0,
            seed: 0,
            max_plies: None,
            rollout_plies: DEFAULT_ROLLOUT_PLIES,
            solver: false,
        }
    }
}

/// The largest `simulations` and `batch` accepted.
pub const MAX_SIMULATIONS: u32 = 1 << 24;
/// The largest `rollout_plies` accepted.
pub const MAX_ROLLOUT_PLIES: u32 = 10_000;

impl MctsConfig {
    /// Checks every setting: the first out of its range is the error.
    pub fn validate(&self) -> Result<(), MctsConfigError> {
        let err = |field, expected| Err(MctsConfigError { field, expected });
        if !(1..=MAX_SIMULATIONS).contains(&self.simulations) {
            return err("simulations", "an integer from 1 to 16777216");
        }
        if !(1..=MAX_SIMULATIONS).contains(&self.batch) {
            return err("batch", "an integer from 1 to 16777216");
        }
        if !(self.c_puct.is_finite() && self.c_puct >= 0.0) {
            return err("c_puct", "a finite number >= 0");
        }
        if !(self.dirichlet_alpha.is_finite() && self.dirichlet_alpha > 0.0) {
            return err("dirichlet_alpha", "a finite number > 0");
        }
        if !(0.0..=1.0).contains(&self.dirichlet_fraction) {
            return err("dirichlet_fraction", "a number from 0 to 1");
        }
        if !(self.temperature.is_finite() && self.temperature >= 0.0) {
            return err("temperature", "a finite number >= 0");
        }
        if self.rollout_plies > MAX_ROLLOUT_PLIES {
            return err("rollout_plies", "an integer from 0 to 10000");
        }
        Ok(())
    }
}

/// A setting of [`MctsConfig`] out of its range.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MctsConfigError {
    /// The setting's name.
    pub field: &'static str,
    /// What it must be.
    pub expected: &'static str,
}

impl fmt::Display for MctsConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} must be {}", self.field, self.expected)
    }
}

impl std::error::Error for MctsConfigError {}

/// Why a search did not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MctsError<E> {
    /// The game is over at the root (or the ply cap is reached): there is
    /// nothing to search.
    GameOver,
    /// The evaluator failed: the simulations of its batch are dropped
    /// (those of the batches before it are kept).
    Evaluator(E),
}

impl<E: fmt::Display> fmt::Display for MctsError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MctsError::GameOver => f.write_str("the game is over: nothing to search"),
            MctsError::Evaluator(e) => write!(f, "the evaluator failed: {e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for MctsError<E> {}

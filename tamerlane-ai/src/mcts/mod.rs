//! Batched Monte Carlo tree search (MCTS) with PUCT, for the three games:
//! generic over the core [`Position`](tamerlane_core::Position) trait, as
//! AlphaZero's search (the PUCT rule of mctx's `muzero_policy`, OpenSpiel's
//! `MCTSBot` with `puct`).
//!
//! - [`Mcts`] holds the tree and runs the simulations: each descends by
//!   PUCT ([`MctsConfig::c_puct`]) to a new leaf or an ending; the leaves
//!   of [`MctsConfig::batch`] simulations, gathered with a virtual loss on
//!   every node of a path in flight so that the batch's paths differ (a
//!   path that still ends at a leaf already in the batch is taken back and
//!   tried again), go to the evaluator in one call; then each leaf is expanded (a child per
//!   legal move, with its prior) and each value is backed up, its sign
//!   flipped at every ply (values are from the side to move's view). An
//!   ending is valued by the game's outcome ([`Position::outcome`]: the
//!   repetition rules, which need the game's history, are not seen inside
//!   the tree); [`MctsConfig::max_plies`] makes longer games draws. With
//!   [`MctsConfig::solver`] the backup also proves wins and losses (the
//!   MCTS solver): a proven node is then valued as an ending, and
//!   [`ChildStats::proven`] tells the root's proven moves.
//! - At the root: Dirichlet noise ([`MctsConfig::dirichlet_alpha`],
//!   [`MctsConfig::dirichlet_fraction`]) from the seeded generator; the
//!   move chosen with [`MctsConfig::temperature`] ([`Mcts::choose`]); and
//!   [`Mcts::play`] keeps the played move's subtree, its statistics
//!   included, for the next search.
//! - [`Evaluator`]: called with a [`Batch`] of positions and their legal
//!   moves, it fills a prior per move and a value per position;
//!   [`RolloutEvaluator`] (uniform priors, a short random playout) is the
//!   one in Rust.
//!
//! Nodes live in one arena with each node's children side by side, and
//! the batch's buffers and the move list are reused: after the first
//! batches, a simulation allocates nothing but its share of the arena.
//! With a given seed (and a deterministic evaluator) a search is
//! deterministic.
//!
//! [`Position::outcome`]: tamerlane_core::Position::outcome

mod config;
mod evaluator;
mod noise;
mod search;
mod select;
mod tree;

#[cfg(test)]
mod tests;

pub use config::{MctsConfig, MctsConfigError, MctsError, MAX_ROLLOUT_PLIES, MAX_SIMULATIONS};
pub use evaluator::{outcome_value, Batch, Evaluator, RolloutEvaluator, DEFAULT_ROLLOUT_PLIES};
pub use search::{ChildStats, Mcts, RunStats};

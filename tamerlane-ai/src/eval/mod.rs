//! Static evaluation, one per game, in centipawns from the side to move's
//! point of view: [`tamerlane`] (also at this module's root, as before the
//! sibling games), [`chess`] and [`makruk`].

mod board8;
pub mod chess;
pub mod makruk;
pub mod tamerlane;

pub use self::tamerlane::{evaluate, value};

/// Which evaluation a search uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum EvalKind {
    /// The full evaluation of the game (described in its module).
    #[default]
    Full,
    /// Material only (the baseline of the strength tests).
    Material,
}

/// Scores above this (in absolute value) are mate scores.
pub(crate) const MATE_BOUND: i32 = 29_000;

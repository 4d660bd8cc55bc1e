//! Static evaluation, one per game, in centipawns from the side to move's
//! point of view: [`tamerlane`] (also at this module's root, as before the
//! sibling games), [`chess`] and [`makruk`].

mod board8;
pub mod chess;
pub mod makruk;
pub mod makruk_bare_king;
pub mod tamerlane;

pub use self::tamerlane::{evaluate, value};

/// Which evaluation a search uses (docs/ENGINE.md, "Networks (NNUE)",
/// "Which evaluation").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum EvalKind {
    /// The game's network (NNUE) where the engine has one for the game
    /// being searched, and otherwise the hand-made evaluation ([`Full`]):
    /// the default. The hand-made evaluation functions of this module,
    /// given it, evaluate as [`Full`].
    ///
    /// [`Full`]: EvalKind::Full
    #[default]
    Net,
    /// The full hand-made evaluation of the game (described in its module).
    Full,
    /// Material only (the baseline of the strength tests).
    Material,
}

/// Scores above this (in absolute value) are mate scores.
pub(crate) const MATE_BOUND: i32 = 29_000;

/// `eval` moved toward `draw`, keeping `num / den` of its distance from
/// it (rounded toward `draw`): the one step of every game's rule fades and
/// of Tamerlane's citadel pull.
#[inline]
pub(crate) fn toward(eval: i32, draw: i32, num: i64, den: i64) -> i32 {
    draw + (i64::from(eval - draw) * num / den) as i32
}

/// What a search tells the static evaluation about the side it plays for.
/// The evaluation of a position then may differ by whose search it is in,
/// as with contempt; [`Perspective::NEUTRAL`] judges both sides alike.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Perspective {
    /// The score of a draw for the side to move: 0, or with the `contempt`
    /// feature the game's `CONTEMPT` below 0 for the side the search plays
    /// for and as much above for the other.
    pub draw: i32,
    /// With the `ownwalk` feature, whether the side to move is the side
    /// the search plays for (the side to move at the root); `None` without
    /// it.
    pub root_to_move: Option<bool>,
}

impl Perspective {
    /// A draw worth 0, both sides judged alike: the evaluation outside a
    /// search.
    pub const NEUTRAL: Perspective = Perspective {
        draw: 0,
        root_to_move: None,
    };
}

//! The game trait: what the search needs of a position, so that one search,
//! transposition table, move ordering, time management and protocol serve
//! Tamerlane chess, FIDE chess and Makruk.
//!
//! [`SearchPosition`] extends the core's [`Position`] trait and is
//! implemented by [`tamerlane_core::tamerlane::Position`],
//! [`tamerlane_core::chess::Position`] and
//! [`tamerlane_core::makruk::Position`] (in the `games` module of this
//! crate). The search takes a core [`Game`](tamerlane_core::Game) of any
//! of them, is generic over the trait and monomorphised for each game:
//! nothing is dispatched at run time.
//!
//! What stays per game here: the move packing of the transposition table,
//! the size of the history tables, the ordering of tactical moves and the
//! evaluation. The rules, the end of the game included, are the core's.

use std::fmt;

use tamerlane_core::Color;
#[cfg(doc)]
use tamerlane_core::Position;

use crate::config::Features;
use crate::eval::{EvalKind, Perspective};
use crate::nnue::NnueGame;
use crate::packed_move::PackedMove;

/// A position the search can explore: a core [`Position`] with what the
/// search adds to it.
///
/// The rules come from the core trait alone: the moves, the hash, the
/// clocks and the end of the game ([`Position::is_immediate_draw`],
/// [`Position::end_rules`] for repetition and the clock,
/// [`Position::is_rule_draw`], [`Position::no_moves_is_loss`]), so the
/// search and [`Game::outcome`](tamerlane_core::Game::outcome) read one
/// source. What stays here is the search's own: its idea of check, null
/// moves, the move packing and table sizes, move ordering, the exchange
/// evaluation and the evaluation.
pub trait SearchPosition: NnueGame + 'static {
    /// What the evaluation keeps up to date move by move (both sides'
    /// material for Tamerlane; `()` where the evaluation needs nothing).
    type Material: Copy + Default + Send + fmt::Debug + PartialEq;

    /// The game's name in the protocol (`UCI_Variant`): `tamerlane`,
    /// `chess` or `makruk`.
    const NAME: &'static str = Self::VARIANT.name();
    /// The number of entries per colour of the history table: a move's
    /// [`history_index`](Self::history_index) is below it.
    const HISTORY_SIZE: usize;

    /// The position with the turn passed, or `None` where passing is not
    /// possible (in check, for instance).
    fn null_move(&self) -> Option<Self>;

    /// Whether the side to move is in check for the search (for Tamerlane:
    /// its single royal is attacked; with several royals nobody is in
    /// check).
    fn in_check(&self) -> bool;
    /// Whether the position after the legal move `m` is [`in_check`](Self::in_check).
    /// The search asks this of the late quiet moves that move-count
    /// pruning would leave out, so a game can answer without playing the
    /// move; by default it is played on a copy.
    #[inline]
    fn gives_check(&self, m: &Self::Move) -> bool {
        gives_check_by_playing(self, m)
    }
    /// Whether the side to move has enough pieces for a null move to be
    /// safe from zugzwang.
    fn has_null_move_material(&self) -> bool;
    /// Whether the side to move has so many men that it surely has a
    /// legal move (the quiescence search then stands pat without
    /// generating the quiet moves).
    fn surely_has_moves(&self) -> bool;

    /// The move in the 16 bits of the transposition table.
    fn pack(m: &Self::Move) -> PackedMove;
    /// The move's index in the history table (below
    /// [`HISTORY_SIZE`](Self::HISTORY_SIZE)).
    fn history_index(m: &Self::Move) -> usize;
    /// The number of (moving piece kind, target square) pairs: a move's
    /// [`piece_to_index`](Self::piece_to_index) is below it.
    const PIECE_TO_SIZE: usize;
    /// The move's (moving piece kind, target square) index, which keys the
    /// continuation histories (below [`PIECE_TO_SIZE`](Self::PIECE_TO_SIZE)).
    fn piece_to_index(m: &Self::Move) -> usize;
    /// Whether a move is quiet (ordered by history, reduced, and not
    /// searched by the quiescence search).
    fn is_quiet(m: &Self::Move) -> bool;
    /// The ordering score of a tactical move (MVV-LVA and the like).
    fn tactical_score(m: &Self::Move) -> i32;
    /// Whether the exchange that the legal move `m` starts gains at least
    /// `threshold` centipawns (a static exchange evaluation). A game
    /// without one answers as if every move gained exactly nothing.
    fn see_ge(&self, m: &Self::Move, threshold: i32) -> bool {
        let _ = m;
        threshold <= 0
    }

    /// The material term, computed from scratch.
    fn material(&self) -> Self::Material;
    /// The material term after the side to move, `us`, plays `m`.
    fn material_after(before: Self::Material, m: &Self::Move, us: Color) -> Self::Material;
    /// The switches of the full engine in this game
    /// ([`SearchConfig::full`](crate::SearchConfig::full)):
    /// [`Features::DEFAULT`], but where the game measured better with
    /// another switch (`docs/STRENGTH.md`).
    const DEFAULT_FEATURES: Features = Features::DEFAULT;
    /// With the `contempt` feature: how many centipawns a draw is worth
    /// less than 0 to the side to move at the root (and more to the other
    /// side). 0 for a game that plays draws as draws.
    const CONTEMPT: i32 = 0;
    /// The static evaluation in centipawns for the side to move, given the
    /// material term and what the search tells it about its own side
    /// (`view`): where the evaluation pulls a score toward a draw
    /// (Tamerlane's citadels and move-limit clock), it pulls toward
    /// `view.draw`.
    fn evaluate(&self, kind: EvalKind, material: Self::Material, view: Perspective) -> i32;
    /// A network's raw score `raw` (centipawns for the side to move)
    /// adjusted for the game's rule draws as its hand-made evaluation
    /// adjusts its own, and kept below the mate scores: Tamerlane's
    /// move-limit fade and citadel pull toward `view.draw`
    /// (`eval::tamerlane::scale_toward`), the 50-move fade in chess, the
    /// count's fade in Makruk.
    /// With `features.net_pull` off, Tamerlane's citadel pull is left
    /// out (the net's own).
    fn scale_net(&self, raw: i32, view: Perspective, features: &Features) -> i32;
    /// Builds, before a game, what [`scale_net`](Self::scale_net) with
    /// `features` would otherwise build in the search that first needs it
    /// (Makruk's bare-King ending tables); nothing by default.
    fn prepare_scale_net(_features: &Features) {}
}

/// Whether the position after the legal move `m` is in check, found by
/// playing the move on a copy: the default of
/// [`SearchPosition::gives_check`], and the answer for the moves a game's
/// own test does not cover.
#[inline]
pub(crate) fn gives_check_by_playing<P: SearchPosition>(pos: &P, m: &P::Move) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(m);
    after.in_check()
}

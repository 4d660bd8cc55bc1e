//! The game trait: what the search needs of a position, so that one search,
//! transposition table, move ordering, time management and protocol serve
//! Tamerlane chess, FIDE chess and Makruk.
//!
//! [`SearchPosition`] is implemented by [`tamerlane_core::Position`],
//! [`tamerlane_core::chess::Position`] and
//! [`tamerlane_core::makruk::Position`] (in the `games` module of this
//! crate); [`SearchGame`] by the three `Game` types, which add the history
//! that repetitions need. The search is generic over the trait and
//! monomorphised for each game: nothing is dispatched at run time.
//!
//! What stays per game: the move packing of the transposition table, the
//! size of the history tables, the ordering of tactical moves, the draw
//! rules and the evaluation.

use std::fmt;
use std::ops::DerefMut;

use tamerlane_core::Color;

use crate::eval::EvalKind;
use crate::packed_move::PackedMove;

/// A position the search can explore.
///
/// The draw rules are split by when they apply, because the games rank
/// them differently against "no legal move":
/// - [`is_immediate_draw`](Self::is_immediate_draw): a draw decided before
///   anything else (Tamerlane's citadel entry);
/// - repetition, if [`repetition_is_draw`](Self::repetition_is_draw);
/// - the move limit ([`move_limit`](Self::move_limit)) and
///   [`is_rule_draw`](Self::is_rule_draw): draws that give way to a
///   checkmate or (where it loses) a stalemate;
/// - no legal move: a loss or a draw, as
///   [`no_moves_is_loss`](Self::no_moves_is_loss) says.
pub trait SearchPosition: Clone + Send + Sync + fmt::Debug {
    /// A legal move of this game.
    type Move: Copy + Eq + Send + Sync + fmt::Debug + fmt::Display;
    /// A list of moves, filled by the move generator.
    type MoveList: DerefMut<Target = [Self::Move]> + Default + Send;
    /// What the evaluation keeps up to date move by move (both sides'
    /// material for Tamerlane; `()` where the evaluation needs nothing).
    type Material: Copy + Default + Send + fmt::Debug + PartialEq;

    /// The game's name in the protocol (`UCI_Variant`): `tamerlane`,
    /// `chess` or `makruk`.
    const NAME: &'static str;
    /// The number of entries per colour of the history table: a move's
    /// [`history_index`](Self::history_index) is below it.
    const HISTORY_SIZE: usize;

    /// The side to move.
    fn turn(&self) -> Color;
    /// The Zobrist hash (equal positions, equal hashes).
    fn hash(&self) -> u64;
    /// The halfmove clock (plies since the last capture or pawn move, as
    /// the game counts it).
    fn halfmoves(&self) -> u32;

    /// Replaces the contents of `list` with the legal moves.
    fn legal_moves_into(&self, list: &mut Self::MoveList);
    /// Replaces the contents of `list` with the legal tactical moves
    /// (captures, promotions and the game's other tactical kinds), the
    /// moves of the quiescence search.
    fn tactical_moves_into(&self, list: &mut Self::MoveList);
    /// Whether the side to move has a legal move.
    fn has_legal_moves(&self) -> bool;
    /// Plays a legal move.
    fn play_unchecked(&mut self, m: &Self::Move);
    /// The position with the turn passed, or `None` where passing is not
    /// possible (in check, for instance).
    fn null_move(&self) -> Option<Self>;

    /// Whether the side to move is in check (for Tamerlane: its single
    /// royal is attacked; with several royals nobody is in check).
    fn in_check(&self) -> bool;
    /// Whether the position after the legal move `m` is [`in_check`](Self::in_check).
    /// The search asks this of the late quiet moves that move-count
    /// pruning would leave out, so a game can answer without playing the
    /// move; by default it is played on a copy.
    #[inline]
    fn gives_check(&self, m: &Self::Move) -> bool {
        gives_check_by_playing(self, m)
    }
    /// Whether no position before the legal move `m` can recur after it:
    /// the search's repetition check looks back no further than the last
    /// such move. (Not always the moves that reset the halfmove clock:
    /// under Tamerlane's `pawn-of-pawns=one-arrival` some of those can be
    /// undone.)
    fn is_irreversible(&self, m: &Self::Move) -> bool;
    /// A draw decided by the position before anything else.
    fn is_immediate_draw(&self) -> bool;
    /// Whether a repetition of an earlier position is a draw.
    fn repetition_is_draw(&self) -> bool;
    /// The halfmove clock at which the game is drawn unless the side to
    /// move has no legal move (`u32::MAX` for none).
    fn move_limit(&self) -> u32;
    /// A draw by the rules other than the move limit and repetition,
    /// which gives way to a position without legal moves.
    fn is_rule_draw(&self) -> bool;
    /// Whether having no legal move loses (else it is a draw), given
    /// whether the side to move is in check.
    fn no_moves_is_loss(&self, in_check: bool) -> bool;
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

/// A game in progress: its current position and the history that
/// repetitions need. Implemented by the `Game` types of the three games.
pub trait SearchGame {
    /// The game's position type.
    type Position: SearchPosition;
    /// The current position.
    fn position(&self) -> &Self::Position;
    /// The hashes of the earlier positions that could recur, oldest first
    /// (the current one excluded): those since the last irreversible move
    /// ([`SearchPosition::is_irreversible`]).
    fn earlier_hashes(&self) -> Vec<u64>;
    /// `None` while the game goes on; when it has ended, `Some(winner)`
    /// (`Some(None)` for a draw).
    fn result(&self) -> Option<Option<Color>>;
}

/// The methods of [`SearchPosition`] that every game's position has under
/// the same name and signature (turn, hash, clocks, move lists, play):
/// forwarded to the position's own methods. Used inside each game's
/// `impl SearchPosition`.
macro_rules! forward_position_methods {
    () => {
        #[inline]
        fn turn(&self) -> tamerlane_core::Color {
            Position::turn(self)
        }

        #[inline]
        fn hash(&self) -> u64 {
            Position::hash(self)
        }

        #[inline]
        fn halfmoves(&self) -> u32 {
            Position::halfmoves(self)
        }

        #[inline]
        fn legal_moves_into(&self, list: &mut MoveList) {
            Position::legal_moves_into(self, list);
        }

        #[inline]
        fn tactical_moves_into(&self, list: &mut MoveList) {
            Position::tactical_moves_into(self, list);
        }

        #[inline]
        fn has_legal_moves(&self) -> bool {
            Position::has_legal_moves(self)
        }

        #[inline]
        fn play_unchecked(&mut self, m: &Move) {
            Position::play_unchecked(self, m);
        }
    };
}

/// `impl SearchGame for Game`, the same for every game: the current
/// position, the hashes of the earlier ones, and the winner once the game
/// has ended. Expects `Game` and `Position` in scope.
macro_rules! impl_search_game {
    () => {
        impl $crate::game::SearchGame for Game {
            type Position = Position;

            fn position(&self) -> &Position {
                Game::position(self)
            }

            fn earlier_hashes(&self) -> Vec<u64> {
                // `positions[i]` is the position before `moves[i]`.
                let positions = self.positions();
                let moves = self.moves();
                let first = (0..moves.len())
                    .rev()
                    .find(|&i| positions[i].is_irreversible(&moves[i]))
                    .map_or(0, |i| i + 1);
                positions[first..positions.len() - 1]
                    .iter()
                    .map(Position::hash)
                    .collect()
            }

            fn result(&self) -> Option<Option<tamerlane_core::Color>> {
                self.outcome().map(|o| o.winner)
            }
        }
    };
}

pub(crate) use {forward_position_methods, impl_search_game};
